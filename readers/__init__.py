"""Pictures in: a photo or screenshot of a puzzle -> the kind's own text form, with the cells
the reader is unsure of. The inverse of renderers/: one module per kind that can be read, plus
what they share (finding and straightening a grid, the cell classifier). It imports puzzles/
only for the kinds' text forms, and puzzles/ never imports it (the rules know no pixels).
Reading runs in the worker pool under the job deadline, like solving and drawing.

Nothing is read yet: issue "Read the puzzle from a picture" fills this package."""
