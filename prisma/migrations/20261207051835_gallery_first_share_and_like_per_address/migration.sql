-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "galleryFirstAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "GalleryLike" ADD COLUMN     "ipHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "GalleryLike_conversationId_ipHash_key" ON "GalleryLike"("conversationId", "ipHash");


-- battles in the gallery now were first shared at least as long ago as they were last shared
UPDATE "Conversation" SET "galleryFirstAt" = "galleryAt" WHERE "galleryAt" IS NOT NULL;
