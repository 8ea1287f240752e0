"""pdfium's C functions for the loops that run once per character or page object, called plainly.

pypdfium2 declares every argument's type, so ctypes converts and checks each argument on each call;
reading a page calls pdfium once or more per character, and those conversions cost more than pdfium's
own work. Declared with their result type only, the same functions take what they are given as it
is: pypdfium2's handles (ctypes pointers), Python ints (as C ints) and ``ctypes.byref``/``c_void_p``
pointers. With no argument types at all ctypes uses the ordinary (not variadic) calling convention,
which is what these functions are compiled with on every platform.
"""

from __future__ import annotations

import ctypes

import pypdfium2.raw as pdfium_c


class Handle(ctypes.c_void_p):
    """A handle pdfium returns, kept as a ctypes object (a plain c_void_p result comes back as an int,
    which ctypes would pass on as a 32-bit C int)."""


def _plain(function, result):
    """``function`` (one of pypdfium2's bindings) without its argument types."""
    address = ctypes.cast(function, ctypes.c_void_p).value
    assert address, function  # pypdfium2 loaded the library, so every function it binds has an address
    return ctypes.CFUNCTYPE(result)(address)


count_chars = _plain(pdfium_c.FPDFText_CountChars, ctypes.c_int)
unicode_at = _plain(pdfium_c.FPDFText_GetUnicode, ctypes.c_uint)
text_of = _plain(pdfium_c.FPDFText_GetText, ctypes.c_int)
text_index = _plain(pdfium_c.FPDFText_GetTextIndexFromCharIndex, ctypes.c_int)
loose_char_box = _plain(pdfium_c.FPDFText_GetLooseCharBox, ctypes.c_int)
count_page_objects = _plain(pdfium_c.FPDFPage_CountObjects, ctypes.c_int)
page_object = _plain(pdfium_c.FPDFPage_GetObject, Handle)
count_form_objects = _plain(pdfium_c.FPDFFormObj_CountObjects, ctypes.c_int)
form_object = _plain(pdfium_c.FPDFFormObj_GetObject, Handle)  # its index is an unsigned long: pass c_ulong
object_type = _plain(pdfium_c.FPDFPageObj_GetType, ctypes.c_int)
object_bounds = _plain(pdfium_c.FPDFPageObj_GetBounds, ctypes.c_int)
object_fill_color = _plain(pdfium_c.FPDFPageObj_GetFillColor, ctypes.c_int)
path_draw_mode = _plain(pdfium_c.FPDFPath_GetDrawMode, ctypes.c_int)
char_fill_color = _plain(pdfium_c.FPDFText_GetFillColor, ctypes.c_int)
