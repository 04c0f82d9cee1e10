// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title KioskCollector
/// @notice Recurring ERC-20 payments without custody. A customer signs one mandate from their own
/// wallet: which token, to which receiver, at most how much per cycle, how long a cycle is, from when
/// and until when, and which account may pull. They approve the ERC-20 allowance to this contract.
/// Each cycle that account (a merchant's Kiosk server) calls `collect`, and the contract itself moves
/// the amount straight from the payer to the receiver, or refuses.
///
/// What it guarantees, whatever the calling server does:
/// - per mandate, at most `maxPerCycle` and one pull per cycle; cycles are fixed windows of
///   `cycleLength` seconds counted from `startsAt`, and a window left unused is not carried over;
/// - no pull before `startsAt`, at or after `expiresAt`, or after the payer revoked the mandate
///   (which only the payer can do, at any time, and which cannot be undone);
/// - only the mandate's `collector` pulls, only to its `receiver`, only in its `token`;
/// - tokens move payer → receiver in one `transferFrom`: the contract never holds funds, accepts no
///   ether and has no owner, admin, upgrade or pause: nobody can change a mandate or this code.
///
/// What it does not: it cannot make the payer keep balance or allowance (the pull then fails with
/// the reason, and the server treats it as a failed payment); it does not check that a fee-on-transfer
/// token delivered the whole amount (the receipt's Transfer event says what arrived); tokens sent to
/// it by mistake stay here. One deployment serves every merchant: mandates are keyed by an id the
/// creator picks (Kiosk uses keccak256 of the subscription id), and an id is never reused.
contract KioskCollector {
    /// Packed into five slots; `nextCycle` is the first cycle not yet collected.
    struct Mandate {
        address payer;
        uint64 startsAt;
        bool revoked;
        address token;
        uint64 expiresAt;
        address receiver;
        uint64 cycleLength;
        address collector;
        uint64 nextCycle;
        uint256 maxPerCycle;
    }

    mapping(bytes32 id => Mandate) private _mandates;

    event MandateCreated(
        bytes32 indexed id,
        address indexed payer,
        address indexed receiver,
        address token,
        address collector,
        uint256 maxPerCycle,
        uint64 cycleLength,
        uint64 startsAt,
        uint64 expiresAt
    );
    event MandateRevoked(bytes32 indexed id, address indexed payer);
    /// `ref` is the server's own (Kiosk: keccak256 of the invoice id), to match the pull to its invoice.
    event Collected(bytes32 indexed id, bytes32 indexed ref, uint64 cycle, uint256 amount);

    error MandateExists(bytes32 id);
    error MandateNotFound(bytes32 id);
    error ZeroAddress();
    error NotAContract(address token);
    error ZeroMaximum();
    error ZeroCycleLength();
    error BadExpiry(uint64 startsAt, uint64 expiresAt);
    error NotPayer(bytes32 id, address caller);
    error NotCollector(bytes32 id, address caller);
    error Revoked(bytes32 id);
    error NotStarted(bytes32 id, uint64 startsAt);
    error Expired(bytes32 id, uint64 expiresAt);
    error ZeroAmount();
    error AboveMaximum(bytes32 id, uint256 amount, uint256 maxPerCycle);
    error CycleCollected(bytes32 id, uint64 cycle, uint256 nextCycleAt);
    error AllowanceTooLow(uint256 allowance, uint256 amount);
    error BalanceTooLow(uint256 balance, uint256 amount);
    /// The token's `transferFrom` reverted (its own revert data) or answered false.
    error TransferFailed(address token, bytes reason);

    /// Signed by the payer: `msg.sender` is the account the mandate draws from.
    function createMandate(
        bytes32 id,
        address token,
        address receiver,
        address collector,
        uint256 maxPerCycle,
        uint64 cycleLength,
        uint64 startsAt,
        uint64 expiresAt
    ) external {
        if (_mandates[id].payer != address(0)) revert MandateExists(id);
        if (receiver == address(0) || collector == address(0)) revert ZeroAddress();
        // A call to an address without code "succeeds" with no data, which would pass for a
        // token that returns nothing: refuse it here and again before every pull.
        if (token.code.length == 0) revert NotAContract(token);
        if (maxPerCycle == 0) revert ZeroMaximum();
        if (cycleLength == 0) revert ZeroCycleLength();
        if (expiresAt <= startsAt || expiresAt <= block.timestamp) revert BadExpiry(startsAt, expiresAt);
        _mandates[id] = Mandate({
            payer: msg.sender,
            startsAt: startsAt,
            revoked: false,
            token: token,
            expiresAt: expiresAt,
            receiver: receiver,
            cycleLength: cycleLength,
            collector: collector,
            nextCycle: 0,
            maxPerCycle: maxPerCycle
        });
        emit MandateCreated(
            id,
            msg.sender,
            receiver,
            token,
            collector,
            maxPerCycle,
            cycleLength,
            startsAt,
            expiresAt
        );
    }

    /// The payer ends the mandate for good; the id stays taken.
    function revokeMandate(bytes32 id) external {
        Mandate storage mandate = _mandates[id];
        if (mandate.payer == address(0)) revert MandateNotFound(id);
        if (msg.sender != mandate.payer) revert NotPayer(id, msg.sender);
        if (mandate.revoked) revert Revoked(id);
        mandate.revoked = true;
        emit MandateRevoked(id, msg.sender);
    }

    /// Pulls `amount` from the payer to the receiver for the current cycle. Checks, then the cycle is
    /// marked collected, then the one external call that moves tokens (checks-effects-interactions):
    /// a token calling back in finds this cycle already taken.
    function collect(bytes32 id, uint256 amount, bytes32 ref) external {
        Mandate storage mandate = _mandates[id];
        address payer = mandate.payer;
        if (payer == address(0)) revert MandateNotFound(id);
        if (msg.sender != mandate.collector) revert NotCollector(id, msg.sender);
        if (mandate.revoked) revert Revoked(id);
        if (block.timestamp < mandate.startsAt) revert NotStarted(id, mandate.startsAt);
        if (block.timestamp >= mandate.expiresAt) revert Expired(id, mandate.expiresAt);
        if (amount == 0) revert ZeroAmount();
        if (amount > mandate.maxPerCycle) revert AboveMaximum(id, amount, mandate.maxPerCycle);
        uint64 cycle = uint64((block.timestamp - mandate.startsAt) / mandate.cycleLength);
        if (cycle < mandate.nextCycle) {
            revert CycleCollected(
                id,
                cycle,
                uint256(mandate.startsAt) + uint256(mandate.nextCycle) * mandate.cycleLength
            );
        }
        address token = mandate.token;
        if (token.code.length == 0) revert NotAContract(token);
        // Read-only calls, so still checks: they give the server a plain reason instead of the
        // token's own error. transferFrom below stays the authority.
        uint256 allowance = IERC20View(token).allowance(payer, address(this));
        if (allowance < amount) revert AllowanceTooLow(allowance, amount);
        uint256 balance = IERC20View(token).balanceOf(payer);
        if (balance < amount) revert BalanceTooLow(balance, amount);

        mandate.nextCycle = cycle + 1;
        emit Collected(id, ref, cycle, amount);

        _transferFrom(token, payer, mandate.receiver, amount);
    }

    /// The mandate as stored; a payer of address zero means no such id.
    function getMandate(bytes32 id) external view returns (Mandate memory) {
        return _mandates[id];
    }

    /// `transferFrom` for every ERC-20 in use: those that answer true, those that answer nothing
    /// (USDT on Ethereum) and those that answer false instead of reverting.
    function _transferFrom(address token, address from, address to, uint256 amount) private {
        (bool success, bytes memory answer) = token.call(
            abi.encodeWithSelector(IERC20Transfer.transferFrom.selector, from, to, amount)
        );
        if (!success) revert TransferFailed(token, answer);
        if (answer.length != 0 && (answer.length != 32 || abi.decode(answer, (uint256)) != 1)) {
            revert TransferFailed(token, answer);
        }
    }
}

interface IERC20View {
    function allowance(address owner, address spender) external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
}

interface IERC20Transfer {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
