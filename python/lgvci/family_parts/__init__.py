"""The families' notebook parts (lgvci.notebook): the build copies each family package's
``families/<package>/python/`` here as ``lgvci.family_parts.<package>``; each defines ``PARTS``, a dict
from a family's name to its ``lgvci.notebook.FamilyPart``. Nothing here names a family."""
