-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "galleryAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "GalleryLike" (
    "conversationId" UUID NOT NULL,
    "visitorId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GalleryLike_pkey" PRIMARY KEY ("conversationId","visitorId")
);

-- CreateIndex
CREATE INDEX "Conversation_galleryAt_idx" ON "Conversation"("galleryAt");

-- AddForeignKey
ALTER TABLE "GalleryLike" ADD CONSTRAINT "GalleryLike_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

