-- CreateTable
CREATE TABLE "PromptSet" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "description" TEXT,
    "licence" TEXT,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PromptSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PromptItem" (
    "id" UUID NOT NULL,
    "setId" UUID NOT NULL,
    "questionId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "category" TEXT,
    "turns" JSONB NOT NULL,
    "metadata" JSONB,
    "provenance" JSONB NOT NULL,

    CONSTRAINT "PromptItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PromptItemImage" (
    "itemId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "imageSha256" TEXT NOT NULL,

    CONSTRAINT "PromptItemImage_pkey" PRIMARY KEY ("itemId","position")
);

-- CreateIndex
CREATE UNIQUE INDEX "PromptSet_name_version_key" ON "PromptSet"("name", "version");

-- CreateIndex
CREATE INDEX "PromptItem_setId_position_idx" ON "PromptItem"("setId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "PromptItem_setId_questionId_key" ON "PromptItem"("setId", "questionId");

-- CreateIndex
CREATE INDEX "PromptItemImage_imageSha256_idx" ON "PromptItemImage"("imageSha256");

-- AddForeignKey
ALTER TABLE "PromptItem" ADD CONSTRAINT "PromptItem_setId_fkey" FOREIGN KEY ("setId") REFERENCES "PromptSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PromptItemImage" ADD CONSTRAINT "PromptItemImage_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "PromptItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PromptItemImage" ADD CONSTRAINT "PromptItemImage_imageSha256_fkey" FOREIGN KEY ("imageSha256") REFERENCES "Image"("sha256") ON DELETE RESTRICT ON UPDATE CASCADE;

