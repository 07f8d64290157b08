"""UI text es/en of the userscript's verification frame (issue #30; web/audit/ui_frame.py, web/audit/frame_answer.py,
web/tirada.user.js): the help in the audit tab, the marks' words and the frame's error codes."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "frame.summary": {"es": "Marcar cada tirada en el foro (userscript «Tirada en el foro»)",
                      "en": "Mark every roll on the forum (“Tirada en el foro” userscript)"},
    "frame.help": {"es": "Con un gestor de userscripts (Violentmonkey o Tampermonkey) instala el userscript: en cada "
                         "página con enlaces de Tirada pone junto a cada enlace ✔ y el resultado recalculado, o ✘ y el "
                         "motivo (un enlace cambiado, o un texto del mensaje que no dice lo que da su enlace). La "
                         "comprobación la hace esta página, en un marco oculto cargado desde la dirección que configures, "
                         "nunca la página del foro.",
                   "en": "With a userscript manager (Violentmonkey or Tampermonkey) install the userscript: on every page "
                         "with Tirada links it puts ✔ and the recomputed result next to each link, or ✘ and the reason "
                         "(an edited link, or post text that does not say what its link gives). This page does the "
                         "checking, in a hidden frame loaded from the address you configure, never the forum's page."},
    "frame.install": {"es": "Instalar el userscript", "en": "Install the userscript"},
    "frame.address": {"es": "Después, en el menú del gestor, elige «Tirada: tu dirección de Tirada» y pon esta dirección:",
                      "en": "Then, in the manager's menu, choose “Tirada: your Tirada address” and enter this address:"},
    "frame.other_help": {"es": "Un enlace a otra dirección se marca «no verificado por tu Tirada». El foro no puede ver "
                               "lo que pasa dentro del marco, pero sí dibujar marcas parecidas: cada marca de tu "
                               "userscript termina con tu sello (tres símbolos; míralo en el menú del gestor, «Tirada: "
                               "tu sello»); una marca sin tu sello no es de tu Tirada.",
                         "en": "A link to another address is marked “not verified by your Tirada”. The forum cannot see "
                               "inside the frame, but it can draw look-alike marks: every mark of your userscript ends "
                               "with your seal (three symbols; see it in the manager's menu, “Tirada: your seal”); a "
                               "mark without your seal is not your Tirada's."},
    "frame.other": {"es": "no verificado por tu Tirada ({address})", "en": "not verified by your Tirada ({address})"},
    "frame.sealed": {"es": "sellada: se comprueba sin revelarla", "en": "sealed: checked, not revealed"},
    "frame.valid": {"es": "enlace válido", "en": "valid link"},
    "frame.by": {"es": "de {roller}", "en": "by {roller}"},
    "frame.standalone": {"es": "Esta dirección es el marco de verificación del userscript de Tirada: no se abre a mano.",
                         "en": "This address is the Tirada userscript's verification frame: it is not opened by hand."},
    "err.frame.not_json": {"es": "el mensaje no es un texto JSON", "en": "the message is not a JSON text"},
    "err.frame.shape": {"es": "el mensaje no es una petición de verificación de Tirada",
                        "en": "the message is not a Tirada verification request"},
    "err.frame.version": {"es": "versión {v} del protocolo desconocida: este marco habla la 2 (actualiza el userscript)",
                          "en": "unknown protocol version {v}: this frame speaks version 2 (update the userscript)"},
    "err.frame.too_long": {"es": "el mensaje pasa del límite de {n} caracteres",
                           "en": "the message is over the limit of {n} characters"},
    "err.frame.too_many": {"es": "como mucho {n} enlaces por mensaje", "en": "at most {n} links per message"},
    "err.frame.no_link": {"es": "la dirección no lleva un enlace de Tirada", "en": "the address holds no Tirada link"},
}
