"""Rebuild ``checker-math.woff2`` (run by hand; the reports only copy the committed file).

Source: ``STIXMath-Regular.otf`` of STIX 1.1.1 as Debian's ``fonts-stix`` package ships it
(``apt-get download fonts-stix``; the file is under ``usr/share/fonts/opentype/stix-word/``), SIL
Open Font License 1.1 (``OFL.txt`` beside this file).  The subset keeps the characters a report
uses (Latin, Greek, combining accents, arrows, operators, delimiters and the mathematical
alphanumerics) with the OpenType MATH table (accent positions, stretchy delimiters) and is
renamed "Checker Math", as the licence requires of a Modified Version.  Needs fontTools and brotli:

    python checker/assets/make_math_font.py STIXMath-Regular.otf checker/assets/checker-math.woff2
"""
import sys

RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x131, 0x131), (0x237, 0x237), (0x2C6, 0x2DD), (0x300, 0x36F),
          (0x391, 0x3F6), (0x2000, 0x206F), (0x2070, 0x209F), (0x20D0, 0x20F0), (0x2100, 0x214F),
          (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2308, 0x230B), (0x2320, 0x2321), (0x239B, 0x23B7),
          (0x23DC, 0x23E1), (0x25A0, 0x25FF), (0x27C0, 0x27EF), (0x2980, 0x29FF), (0x2A00, 0x2AFF),
          (0x1D400, 0x1D7FF)]
NAMES = {1: "Checker Math", 3: "Checker Math Regular (subset of STIX Math 1.1.1)", 4: "Checker Math Regular",
         6: "CheckerMath-Regular"}


def main(source: str, target: str) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = True
    options.drop_tables += ["FFTM"]  # FontForge timestamps
    font = TTFont(source, recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[u for a, b in RANGES for u in range(a, b + 1)])
    subsetter.subset(font)
    for record in font["name"].names:
        if record.nameID in NAMES:
            record.string = NAMES[record.nameID]
    font.flavor = "woff2"
    font.save(target)


if __name__ == "__main__":
    main(*sys.argv[1:3])
