"""Pages of SVG as one PDF (``overlord print -o FILE.pdf``): each SVG page drawn by CairoSVG onto
one cairo PDF surface, a PDF page each at the SVG's own size (millimetres stay millimetres).

One surface for every page rather than a PDF a page joined afterwards: no other library (CairoSVG
brings cairocffi), and the fonts are embedded once for the whole file rather than once a page
(measured on the shipped printouts: see :func:`write_pdf`'s caller's commit).

CairoSVG needs the system's cairo library (Debian: ``libcairo2``); without it
:class:`PdfUnavailable` says so and SVG output works as before."""

from __future__ import annotations

import io


class PdfUnavailable(RuntimeError):
    """The cairo library (or CairoSVG) cannot be loaded."""


def pdf_bytes(pages: list[str] | tuple[str, ...]) -> bytes:
    """The pages as the bytes of one PDF, a page each."""
    try:
        import cairocffi  # lazy: cairocffi loads the system's cairo library, which only PDF output needs
        from cairosvg.parser import Tree  # lazy: cairosvg needs cairocffi (above)
        from cairosvg.surface import PDFSurface  # lazy: cairosvg, as above
    except (ImportError, OSError) as e:
        raise PdfUnavailable(str(e).splitlines()[0] if str(e) else type(e).__name__) from None
    out = io.BytesIO()
    shared = cairocffi.PDFSurface(out, 1, 1)

    class Page(PDFSurface):
        """CairoSVG's PDF surface drawing onto the shared one, sized to its page."""

        def _create_surface(self, width, height):
            shared.set_size(width, height)
            return shared, width, height

        def finish(self):
            shared.show_page()

    for svg in pages:
        Page(Tree(bytestring=svg.encode()), None, 96).finish()
    shared.finish()
    return out.getvalue()
