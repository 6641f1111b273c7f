-- AlterTable
ALTER TABLE "ResponseMeta" ADD COLUMN     "stopRequestedAt" TIMESTAMP(3);

