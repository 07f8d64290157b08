"""Share links (docs/link-format.md): everything that turns a roll or a game into a URL fragment and back.

Read bottom-up: :mod:`.codec` (fragment, frame, CBOR, generic payloads), :mod:`.roll_layout` (the
CBOR layout of a roll link and its tables), :mod:`.chain` (roll links and roller chains: encode,
verify), :mod:`.audit` (a thread's links checked together), :mod:`.snippets` (forum text for a
verified roll).
"""
