-- AlterTable
ALTER TABLE "Vote" ADD COLUMN     "shownVersions" JSONB;

