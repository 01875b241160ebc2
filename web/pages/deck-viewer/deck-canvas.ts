import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * pdf.js (issue 53), loaded with the viewer only: its worker is a file of the site itself (the
 * CSP's `script-src 'self'` covers it), and eval is never used (`isEvalSupported: false`), so the
 * policy stays strict.
 */
export async function loadPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({
    data,
    isEvalSupported: false,
    // Errors only: pdf.js's warnings (a font it substitutes) are no error of the page's.
    verbosity: 0,
    enableXfa: false,
  }).promise;
}

/** Draws the viewer's email across the page, over what pdf.js drew (a screenshot carries it too). */
export function drawWatermark(canvas: HTMLCanvasElement, text: string): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const size = Math.max(14, Math.round(canvas.width / 28));
  context.save();
  context.globalAlpha = 0.18;
  context.fillStyle = '#1f2937';
  context.font = `600 ${size}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate(-Math.atan2(canvas.height, canvas.width));
  const diagonal = Math.hypot(canvas.width, canvas.height);
  for (let y = -diagonal / 2; y <= diagonal / 2; y += size * 5) context.fillText(text, 0, y, diagonal * 0.9);
  context.restore();
}

/** Renders one page to fit `cssWidth`, sharp on high-density screens, then the watermark. */
export async function renderPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  watermark: string | null,
): Promise<void> {
  const page = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.aspectRatio = `${base.width} / ${base.height}`;
  await page.render({ canvas, viewport }).promise;
  if (watermark) drawWatermark(canvas, watermark);
}
