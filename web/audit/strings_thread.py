"""UI text es/en of "Comprobar este hilo" (issue #30): the bookmarklet's help in the audit tab and
the thread links it opens (web/audit/ui_thread.py, web/audit/bookmarklet.py), with their error codes."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "thread.summary": {"es": "Comprobar un hilo entero desde el foro (marcador «Comprobar este hilo»)",
                       "en": "Check a whole thread from the forum (“Check this thread” bookmark)"},
    "thread.help": {"es": "Arrastra este enlace a la barra de marcadores. En el foro, abre el hilo y pulsa el marcador: "
                          "se abre esta auditoría con cada mensaje que tenga enlaces de Tirada, en el orden del hilo, "
                          "con el texto del mensaje junto a cada enlace. El hilo viaja en la dirección (tras el «#»): "
                          "no pasa por ningún servidor.",
                    "en": "Drag this link to your bookmarks bar. On the forum, open the thread and click the bookmark: "
                          "this audit opens with every post that holds Tirada links, in thread order, with the post's "
                          "text next to each link. The thread travels in the address (after the “#”): no server sees it."},
    "thread.name": {"es": "Comprobar este hilo", "en": "Check this thread"},
    "thread.copy": {"es": "Copiar el código del marcador", "en": "Copy the bookmark's code"},
    "thread.code": {"es": "Código del marcador", "en": "Bookmark code"},
    "thread.phone": {"es": "En el móvil: guarda cualquier página en marcadores, edítalo, pega el código copiado como "
                           "dirección y llámalo «Comprobar este hilo»; en el foro, escribe ese nombre en la barra de "
                           "direcciones y elige el marcador.",
                     "en": "On a phone: bookmark any page, edit the bookmark, paste the copied code as its address and "
                           "name it “Check this thread”; on the forum, type that name in the address bar and pick the "
                           "bookmark."},
    "thread.limit": {"es": "Un hilo muy largo (más de 1,5 millones de caracteres comprimidos) se comprueba hasta donde "
                           "cabe, y el marcador dice cuántos mensajes ha llevado.",
                     "en": "A very long thread (over 1.5 million compressed characters) is checked as far as it fits, "
                           "and the bookmark says how many posts it took."},
    "thread.drag": {"es": "Este enlace se usa desde el foro: arrástralo a la barra de marcadores (o copia su código).",
                    "en": "This link is used from the forum: drag it to your bookmarks bar (or copy its code)."},
    # {page} is written by whoever made the link (the bookmarklet writes the forum page's address, a
    # forger anything): said as the link's own claim, never as a fact (the hostile tester's report)
    "thread.loaded": {"es": "Hilo de {n} mensajes con enlaces de Tirada; el enlace dice venir de {page}.",
                      "en": "Thread of {n} posts with Tirada links; the link says it comes from {page}."},
    # a thread link's first verdict from the reading core on MicroPython, before the audit is up (web/core-first.mjs,
    # tirada.links.core_thread; issue #41): each link checked on its own, the thread audit still loading
    "thread.core_heading": {"es": "Primera comprobación del hilo", "en": "First check of the thread"},
    "thread.core_summary": {"es": "Enlaces: {n} — {ok} ✔, {bad} ✘", "en": "Links: {n} — {ok} ✔, {bad} ✘"},
    "thread.core_pending_count": {"es": "por comprobar: {n}", "en": "still to check: {n}"},
    "thread.core_note": {"es": "Tu navegador ha comprobado cada enlace por separado (sus dados y lo que dice el texto "
                               "junto a él). La auditoría del hilo (el orden de cada cadena, las bifurcaciones, las "
                               "peticiones del máster, las tiradas repetidas) todavía se está cargando.",
                         "en": "Your browser has checked each link on its own (its dice and what the text next to it "
                               "says). The thread audit (each chain's order, forks, the GM's requests, repeated rolls) "
                               "is still loading."},
    "thread.core_pending": {"es": "pendiente: lo dirá la auditoría completa", "en": "pending: the full audit will say"},
    "thread.core_unread": {"es": "Este mensaje tiene texto que solo lee la auditoría completa (HTML, enlaces "
                                 "codificados): puede encontrar más enlaces en él.",
                           "en": "This post holds text only the full audit reads (HTML, encoded links): it may find "
                                 "more links in it."},
    "thread.core_more": {"es": "Enlaces sin mostrar aquí: {n}; la auditoría completa los muestra.",
                         "en": "Links not shown here: {n}; the full audit shows them."},
    "thread.core_loading": {"es": "Cargando la auditoría completa del hilo…", "en": "Loading the full thread audit…"},
    "thread.core_failed": {"es": "No se pudo cargar la auditoría completa del hilo: las marcas de arriba son de cada "
                                 "enlace, no del hilo. Vuelve a abrir el enlace del hilo para intentarlo otra vez.",
                           "en": "The full thread audit could not be loaded: the marks above are each link's, not the "
                                 "thread's. Open the thread link again to retry."},
    "thread.core_refused": {"es": "Este enlace de hilo no se puede leer (código {code}): vuelve a pulsar el marcador "
                                  "en el foro.",
                            "en": "This thread link cannot be read (code {code}): click the bookmark on the forum "
                                  "again."},
    # a long thread's text is kept in the audit's box without being shown (web/audit/ui_audit.hold, issue #39)
    "audit.held": {"es": ("El texto del hilo ({n} mensaje, {size} MB) está en el recuadro sin mostrarse, para que la "
                          "página no se frene; la auditoría lo lee entero.",
                          "El texto del hilo ({n} mensajes, {size} MB) está en el recuadro sin mostrarse, para que la "
                          "página no se frene; la auditoría lo lee entero."),
                   "en": ("The thread's text ({n} post, {size} MB) is in the box without being shown, so that the page "
                          "does not freeze; the audit reads all of it.",
                          "The thread's text ({n} posts, {size} MB) is in the box without being shown, so that the page "
                          "does not freeze; the audit reads all of it.")},
    "audit.show": {"es": "Mostrar y editar el texto", "en": "Show and edit the text"},
    "audit.clear": {"es": "Vaciar para pegar otro", "en": "Empty it to paste another"},
    "thread.error": {"es": "No se puede leer este hilo", "en": "This thread cannot be read"},
    # problems named by post and author (issue #38; tirada.links.posts): where the text has no posts, say so
    "audit.no_posts": {"es": "Este texto no separa los mensajes (se pegó como texto sin formato), así que cada problema "
                             "se sitúa por su línea. Para ver el mensaje y su autor, pega la página del foro tal como se ve "
                             "o usa el marcador «Comprobar este hilo».",
                       "en": "This text does not separate the posts (it was pasted as plain text), so each problem is "
                             "placed by its line. To see the post and its author, paste the forum page as it shows or use "
                             "the “Check this thread” bookmark."},
    # the luck report (issue #26; tirada.links.luck): a statistic, never an accusation
    "err.audit.luck_person": {"es": "racha de suerte muy improbable contando juntas sus {chains} cadenas (campañas o nombres "
                                    "que se parecen): {n} tiradas valoradas, de media en el percentil {mean}; con dados "
                                    "honrados sale 1 vez de cada {one_in} o menos. Tirar en campañas de usar y tirar y "
                                    "publicar la mejor se ve así; es una estadística, no una prueba",
                              "en": "a very unlikely lucky streak counting their {chains} chains together (campaigns or "
                                    "look-alike names): {n} rated rolls, on average at percentile {mean}; honest dice give "
                                    "it once in {one_in} or less. Rolling in throwaway campaigns and posting the best looks "
                                    "like this; it is a statistic, not proof"},
    "err.audit.luck": {"es": ("racha de suerte muy improbable: {n} tirada valorada, de media en el percentil {mean}; con "
                              "dados honrados una racha así sale 1 vez de cada {one_in} o menos. Es una estadística, no una "
                              "prueba: puede ser suerte de verdad",
                              "racha de suerte muy improbable: {n} tiradas valoradas, de media en el percentil {mean}; con "
                              "dados honrados una racha así sale 1 vez de cada {one_in} o menos. Es una estadística, no una "
                              "prueba: puede ser suerte de verdad"),
                       "en": ("a very unlikely lucky streak: {n} rated roll, on average at percentile {mean}; honest dice "
                              "give a streak like this once in {one_in} or less. It is a statistic, not proof: it can be "
                              "real luck",
                              "a very unlikely lucky streak: {n} rated rolls, on average at percentile {mean}; honest dice "
                              "give a streak like this once in {one_in} or less. It is a statistic, not proof: it can be "
                              "real luck")},
    "audit.luck_line": {"es": "Suerte: percentil medio {mean} en {n} tiradas valoradas; con dados honrados sale {chance} "
                              "una racha al menos así de buena.",
                        "en": "Luck: average percentile {mean} over {n} rated rolls; honest dice give {chance} a streak "
                              "at least this good."},
    "audit.luck_often": {"es": "a menudo (1 vez de cada {one_in} o más)", "en": "often (once in {one_in} or more)"},
    "audit.luck_rare": {"es": "1 vez de cada {one_in}", "en": "once in {one_in}"},
    "audit.luck_few": {"es": "(con menos de {min} tiradas valoradas no se juzga la racha)",
                       "en": "(with fewer than {min} rated rolls the streak is not judged)"},
    "audit.percentile": {"es": "percentil {p}", "en": "percentile {p}"},
    "audit.luck_help": {"es": "Suerte: cada tirada se sitúa en su percentil con las probabilidades exactas (50 = una tirada "
                              "normal); la racha de cada jugador dice cuántas veces unos dados honrados darían una serie "
                              "al menos así de buena. Menos de 1 vez de cada 1.000, con al menos 10 tiradas, se señala: es "
                              "una estadística, no una acusación.",
                        "en": "Luck: each roll gets its percentile from the exact odds (50 = an average roll); each "
                              "player's streak says how often honest dice would give a run at least this good. Less than "
                              "once in 1,000, with at least 10 rolls, is flagged: a statistic, not an accusation."},
    # the GM's request editor (web/fair/request_view.py)
    "request.fields": {"es": "Qué fija la petición (lo demás lo elige el jugador)",
                       "en": "What the request sets (the rest is the player's choice)"},
    "request.field": {"es": "Campo", "en": "Field"},
    "request.now": {"es": "En el formulario", "en": "In the form"},
    "request.mode": {"es": "En la petición", "en": "In the request"},
    "request.mode_fixed": {"es": "Fijo", "en": "Fixed"},
    "request.mode_range": {"es": "Entre…", "en": "Between…"},
    "request.mode_free": {"es": "Libre", "en": "Free"},
    "request.min": {"es": "de", "en": "from"},
    "request.max": {"es": "a", "en": "to"},
    "request.yes": {"es": "sí", "en": "yes"},
    "request.no": {"es": "no", "en": "no"},
    "request.home": {"es": "Dirección oficial de Tirada", "en": "Official Tirada address"},
    "request.home_help": {"es": "La auditoría marca una respuesta publicada con otra dirección (una copia que no es la "
                                "tuya). Vacía: sin dirección oficial.",
                          "en": "The audit flags an answer posted with another address (a copy that is not yours). "
                                "Empty: no official address."},
    "request.copy": {"es": "Copiar enlace de la petición", "en": "Copy the request link"},
    "request.bad_bound": {"es": "{field}: los límites son dos números enteros", "en": "{field}: the bounds are two whole numbers"},
    "shared.gm_request": {"es": "pedida por el máster", "en": "requested by the GM"},
    "err.thread.not_thread": {"es": "esto no es un enlace de hilo", "en": "this is not a thread link"},
    "err.thread.too_large": {"es": "el hilo es demasiado grande para un enlace", "en": "the thread is too large for one link"},
    "err.thread.too_many_posts": {"es": "un enlace de hilo lleva como mucho {n} mensajes: comprueba el hilo por páginas",
                                  "en": "a thread link holds at most {n} posts: check the thread page by page"},
    "err.thread.unreadable": {"es": "el enlace del hilo está dañado: vuelve a pulsar el marcador en el foro",
                              "en": "the thread link is damaged: click the bookmark on the forum again"},
    "err.thread.shape": {"es": "el enlace del hilo no contiene una lista de mensajes",
                         "en": "the thread link does not hold a list of posts"},
}
