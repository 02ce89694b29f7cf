"""Pictures in: a photo or screenshot of a puzzle -> the kind's own text form, with the cells
the reader is unsure of. The inverse of renderers/: one module per kind that can be read, plus
what they share (finding and straightening a grid, the cell classifier). It imports puzzles/
only for the kinds' text forms, and puzzles/ never imports it (the rules know no pixels).
Reading runs in the worker pool under the job deadline, like solving and drawing: every
reader is a plain function of the file's bytes.

    picture     the file's bytes -> grey levels, or a PictureError a member can act on
    grid        the grid's outline, straightened; its cells a side; each cell's ink, cut
    classifier  the cell classifier (numpy; weights in data/, built by scripts/train_glyphs.py)
    reading     Reading: the text, the unsure cells
    sudoku      read(data) -> Reading, 4x4 to 16x16, photos and screenshots
    codeword    read(data) -> Reading, black squares, corner numbers, starters, the key

Each reader also has as_drawn(reading): what was read, as its kind's renderer draws it with
the doubted cells shaded (bot/jobs.py read_job shows the member that).

See docs/readers.md.
"""
