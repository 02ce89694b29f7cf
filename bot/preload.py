"""Imported once, in the worker pool's forkserver (WorkerPool's `preload`): loads the word
lists and indexes and warms up drawing there, so every worker forked from it, a replacement
after a deadline kill too, starts warm and shares those pages instead of loading its own copy.
"""

import ctypes
import ctypes.util
import gc
import logging

from bot.jobs import warm_up_once

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter (malloc.h)
LARGE_BLOCK = 128 * 1024


def _return_large_blocks_to_the_system() -> None:
    """Fix glibc's threshold for allocating a block by itself (mmap) at its default: glibc
    raises it after the first large block freed, and later pictures' buffers then stay in
    each worker's heap after the job, as private memory. Inherited by every forked worker."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK)
        libc.malloc_trim(0)  # what warming up freed goes back now, not copied into workers
    except (OSError, AttributeError):  # not glibc: nothing to tune
        pass


try:
    warm_up_once(draw=True)
except Exception:  # an error here would stop the forkserver: workers then warm up themselves
    log.exception("could not warm up the forkserver")
_return_large_blocks_to_the_system()
# Everything loaded lives as long as the forkserver: keep it out of garbage-collector passes,
# in here and in each forked worker, whose passes would otherwise write to (and so unshare)
# the pages it shares.
gc.freeze()
