-- A delivery (an invitation or reminder to a signer) gets a public, unguessable hexId: the status, the dispatch list and
-- POST /api/documents/{documentHexId}/deliveries/{deliveryHexId}/retry name it instead of its sequential id.
-- A volatile default is evaluated once per existing row, so every row already there gets its own value.
ALTER TABLE "Delivery" ADD COLUMN "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text);

-- CreateIndex
CREATE UNIQUE INDEX "Delivery_hexId_key" ON "Delivery"("hexId");
