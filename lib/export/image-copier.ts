// The images an export shows, copied once each into its images/ folder by SHA-256, faces blurred when asked.
import fs from "node:fs";
import path from "node:path";
import { blurFaces } from "../image-safety/faces";
import { imageBytes } from "../images";
import { imagePath } from "./records";

export class ImageCopier {
  private readonly copied = new Set<string>();
  private blurredImages = 0;
  private blurredFaces = 0;
  private folderMade = false;

  constructor(
    private readonly outDir: string,
    private readonly options: { blurFaces?: boolean } = {},
  ) {}

  async copy(images: { sha: string; mime: string; key: string; banned?: boolean }[]): Promise<void> {
    for (const image of images) {
      if (this.copied.has(image.sha)) continue;
      this.copied.add(image.sha);
      const data = (await imageBytes({ storageKey: image.key, mime: image.mime, banned: image.banned === true }))?.data;
      if (!data) continue;
      if (!this.folderMade) fs.mkdirSync(path.join(this.outDir, "images"), { recursive: true });
      this.folderMade = true;
      let bytes = data;
      if (this.options.blurFaces) {
        const blurred = await blurFaces(data);
        bytes = blurred.data;
        if (blurred.faces.length) {
          this.blurredImages++;
          this.blurredFaces += blurred.faces.length;
        }
      }
      fs.writeFileSync(path.join(this.outDir, imagePath(image)), bytes);
    }
  }

  get count(): number {
    return this.copied.size;
  }

  /** with blurFaces: how many images had faces, and how many faces were blurred */
  get blurred(): { images: number; faces: number } | undefined {
    return this.options.blurFaces ? { images: this.blurredImages, faces: this.blurredFaces } : undefined;
  }
}
