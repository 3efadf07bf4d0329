// Local EVM node for the stamping tests and bench (`hardhat node`, hardhat 2). No contracts are
// compiled: stamping sends plain transactions, so no solc download is ever needed.
module.exports = {
  solidity: "0.8.24",
  networks: { hardhat: { chainId: 31337, mining: { auto: true } } },
};
