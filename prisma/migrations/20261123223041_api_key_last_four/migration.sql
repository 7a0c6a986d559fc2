-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "last_four" VARCHAR(4);

