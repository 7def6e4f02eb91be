// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Test USDT: the smallest ERC-20 the local dev chain needs (6 decimals, like USDT).
/// @notice The deployer holds the whole supply and hands it out (the dev faucet and the signer's float).
/// A transfer beyond the sender's balance reverts, which is how tests make a withdrawal fail on chain.
contract TestUsdt {
    string public constant name = "Test USDT";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint256 supply) {
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    /// @notice Many transfers in one transaction: the "50 transfers in one block" test and the faucet use it.
    function transferMany(address[] calldata to, uint256[] calldata value) external returns (bool) {
        require(to.length == value.length, "length");
        for (uint256 i = 0; i < to.length; i++) _move(msg.sender, to[i], value[i]);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "zero address");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
