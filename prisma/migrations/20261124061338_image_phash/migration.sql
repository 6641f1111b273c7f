-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "phash" TEXT;

-- CreateIndex
CREATE INDEX "Image_moderationStatus_idx" ON "Image"("moderationStatus");

