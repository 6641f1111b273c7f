-- AlterTable
ALTER TABLE "ResponseMeta" ADD COLUMN     "heartbeatAt" TIMESTAMP(3);

