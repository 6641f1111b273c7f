-- AlterTable
ALTER TABLE "ResponseMeta" ADD COLUMN     "entityCount" INTEGER;

