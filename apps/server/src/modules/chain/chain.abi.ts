import { parseAbi } from 'viem';

/** The ERC-20 calls and events the chain capability uses (plus the test token's batch transfer). */
export const ERC20_ABI = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function transferMany(address[] to, uint256[] value) returns (bool)',
]);
