"use client";
// A battle's picture: a thumbnail that opens it large, with zoom (buttons, the wheel, a pinch on a phone) and a link
// to the original. Its alt text is the question asked about it, the best description a visitor gave.
import { useEffect, useRef, useState } from "react";
import { useT } from "@/components/i18n";

const ZOOMS = [1, 1.5, 2, 3, 4];

export function ImageViewer({ src, alt, thumbClass }: { src: string; alt: string; thumbClass?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [zoom, setZoom] = useState(0);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
      if (event.key === "+" || event.key === "=") setZoom((z) => Math.min(ZOOMS.length - 1, z + 1));
      if (event.key === "-") setZoom((z) => Math.max(0, z - 1));
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [open]);
  const step = (by: number) => setZoom((z) => Math.min(ZOOMS.length - 1, Math.max(0, z + by)));
  const button =
    "rounded-md border border-white/40 bg-black/60 px-3 py-1 text-sm text-white hover:bg-black/80 disabled:opacity-50";
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setZoom(0);
          setOpen(true);
        }}
        className="cursor-zoom-in rounded-lg"
        aria-label={t("viewer.enlarge", { alt })}
      >
        {/* biome-ignore lint/performance/noImgElement: user uploads are blob URLs or our image endpoint */}
        <img src={src} alt={alt} className={thumbClass} />
      </button>
      {open && (
        <div
          role="dialog"
          aria-modal="true"
          aria-label={t("viewer.enlarged")}
          data-testid="image-viewer"
          className="fixed inset-0 z-50 flex flex-col bg-black/90"
        >
          <div className="flex flex-wrap items-center justify-end gap-2 p-2">
            <button type="button" className={button} onClick={() => step(-1)} disabled={zoom === 0}>
              {t("viewer.zoomOut")}
            </button>
            <span className="text-sm text-white tabular-nums" aria-live="polite">
              {Math.round((ZOOMS[zoom] ?? 1) * 100)}%
            </span>
            <button type="button" className={button} onClick={() => step(1)} disabled={zoom === ZOOMS.length - 1}>
              {t("viewer.zoomIn")}
            </button>
            <a className={button} href={src} target="_blank" rel="noopener noreferrer">
              {t("viewer.original")}
            </a>
            <button ref={close} type="button" className={button} onClick={() => setOpen(false)}>
              {t("viewer.close")}
            </button>
          </div>
          {/* the picture scrolls inside when zoomed; a pinch zooms natively (touch-action) */}
          <div
            className="flex-1 overflow-auto [touch-action:pinch-zoom_pan-x_pan-y]"
            onWheel={(event) => {
              if (!event.ctrlKey && !event.metaKey) return;
              step(event.deltaY < 0 ? 1 : -1);
            }}
          >
            {/* biome-ignore lint/performance/noImgElement: user uploads are blob URLs or our image endpoint */}
            <img
              src={src}
              alt={alt}
              data-testid="image-viewer-picture"
              style={{ width: zoom === 0 ? undefined : `${(ZOOMS[zoom] ?? 1) * 100}%` }}
              className={zoom === 0 ? "mx-auto max-h-full max-w-full object-contain" : "max-w-none"}
            />
          </div>
        </div>
      )}
    </>
  );
}
