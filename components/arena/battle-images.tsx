// The battle's images, shown once above both answers (each opens full size), with a preset image's credit.
import { useT } from "@/components/i18n";
import { imageAlt } from "../format";
import { ImageViewer } from "./image-viewer";

export function BattleImages({ images, prompt, credit }: { images: string[]; prompt: string; credit: string | null }) {
  const t = useT();
  if (images.length === 0) return null;
  return (
    <div className="flex flex-wrap justify-center gap-2" data-testid="battle-images">
      {images.map((url, i) => (
        <ImageViewer
          key={url}
          src={url}
          alt={imageAlt(prompt, i, images.length, t)}
          thumbClass="max-h-56 max-w-full rounded-lg border border-zinc-200 dark:border-zinc-800"
        />
      ))}
      {credit && (
        <p className="w-full text-center text-xs muted" data-testid="image-credit">
          {credit}
        </p>
      )}
    </div>
  );
}
