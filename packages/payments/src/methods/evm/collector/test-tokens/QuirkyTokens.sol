// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice ERC-20s that break the standard the way deployed tokens do, for KioskCollector's tests
/// only. Anyone may mint: they have no value.

/// Like USDT on Ethereum: transfer, transferFrom and approve return nothing, and approve refuses to
/// change a non-zero allowance to another non-zero one.
contract NoBoolToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function mint(address to, uint256 value) external {
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function approve(address spender, uint256 value) external {
        require(value == 0 || allowance[msg.sender][spender] == 0, "reset the allowance to zero first");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        require(allowance[from][msg.sender] >= value, "allowance");
        require(balanceOf[from] >= value, "balance");
        allowance[from][msg.sender] -= value;
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}

/// Answers false instead of reverting when it does not move the tokens; `refuseTransfers` makes it
/// refuse every transfer, as a paused or blocklisting token would.
contract FalseToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    bool public refuseTransfers;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function mint(address to, uint256 value) external {
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function setRefuseTransfers(bool refuse) external {
        refuseTransfers = refuse;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        if (refuseTransfers || allowance[from][msg.sender] < value || balanceOf[from] < value) return false;
        allowance[from][msg.sender] -= value;
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
        return true;
    }
}

interface ICollector {
    function collect(bytes32 id, uint256 amount, bytes32 ref) external;
}

/// A hostile token that is also the mandate's collector: its transferFrom calls back into
/// KioskCollector.collect for the same mandate while the first pull is still running, and keeps what
/// the inner call answered.
contract ReentrantToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    address private collector;
    bytes32 private mandateId;
    bool private entered;
    bool public innerPassed;
    bytes public innerRefusal;

    event Transfer(address indexed from, address indexed to, uint256 value);

    function mint(address to, uint256 value) external {
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        return true;
    }

    /// Pulls as the mandate's collector.
    function pull(address collector_, bytes32 id, uint256 amount) external {
        collector = collector_;
        mandateId = id;
        ICollector(collector_).collect(id, amount, bytes32(0));
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        if (!entered) {
            entered = true;
            try ICollector(collector).collect(mandateId, value, bytes32(0)) {
                innerPassed = true;
            } catch (bytes memory reason) {
                innerRefusal = reason;
            }
        }
        allowance[from][msg.sender] -= value;
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
        return true;
    }
}
