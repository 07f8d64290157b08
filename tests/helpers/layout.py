"""Layout measures run in the page by browser tests (issue #29's layout classes)."""

#: visible selects whose chosen option is cut off ("Complicada (" for "Complicada (12)"): the option's
#: text measured in the select's own font against the box minus its padding and the arrow (20 px)
CLIPPED_SELECTS = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const s of document.querySelectorAll('select')) {
    if (!s.getClientRects().length || s.selectedIndex < 0) continue;
    const cs = getComputedStyle(s);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const text = s.options[s.selectedIndex].text;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    if (ctx.measureText(text).width > room + 0.5) out.push(`select#${s.id} «${text}»`);
  }
  return out;
}"""

#: visible elements that reach past the right edge of their card (the L5R skirmish settings table stood 113 px
#: past the form's card on a desktop), outside the boxes that scroll sideways on purpose (.table-scroll)
PAST_THE_CARD = """() => {
  const out = [];
  for (const card of document.querySelectorAll('.card')) {
    if (!card.getClientRects().length) continue;
    const edge = card.getBoundingClientRect().right;
    for (const e of card.querySelectorAll('*')) {
      if (!e.getClientRects().length || e.closest('.table-scroll')) continue;
      const right = e.getBoundingClientRect().right;
      if (right > edge + 0.5) out.push(`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} +${Math.round(right - edge)} px`);
    }
  }
  return out;
}"""
