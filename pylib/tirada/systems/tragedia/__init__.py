"""Tragedia (rules: ../shared/rules/tragedia.md; docs/tragedia-scene.md).

Read top-down, each module importing only the ones above it: :mod:`.roll` (the final roll of a scene;
what ``systems.roll`` calls for ``system: "tragedia"``), :mod:`.sheet` (character sheets: traits,
domains), :mod:`.state` (the scene state), :mod:`.sources` (adding dice by source), :mod:`.moves`
(the actions of a scene), :mod:`.scene` (replaying a scene ledger), :mod:`.play` (the page's scene
flow and scene links), :mod:`.snippet` (forum text for a scene), :mod:`.chapter` (the Chapter
standing: Objectives and the Tragedy 5 loss).
"""
