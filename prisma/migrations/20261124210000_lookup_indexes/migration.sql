-- CreateIndex
CREATE INDEX "TransactionLog_transactionHexId_idx" ON "TransactionLog"("transactionHexId");

-- CreateIndex
CREATE INDEX "StampBatch_lacchainTx_idx" ON "StampBatch"("lacchainTx");

-- CreateIndex
CREATE INDEX "StampBatch_rolluxTx_idx" ON "StampBatch"("rolluxTx");

-- CreateIndex
CREATE INDEX "StampBatch_localTx_idx" ON "StampBatch"("localTx");
