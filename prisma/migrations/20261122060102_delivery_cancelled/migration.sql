-- AlterEnum
ALTER TYPE "DeliveryStatus" ADD VALUE 'CANCELLED';
