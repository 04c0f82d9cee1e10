// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title KioskStake
/// @notice Stakes in escrow for subscriptions and developer memberships (issue 25), with no owner. A
/// staker locks an amount of an ERC-20 token under an id the creator picks (Kiosk uses keccak256 of
/// what the stake backs), naming who receives what is slashed and which account (a merchant's Kiosk
/// server) may slash or return it. Only this contract holds the tokens; nobody can take them but as
/// the rules below say.
///
/// What it guarantees, whatever the operating server does:
/// - only the stake's operator slashes, never more than is still staked, and only to the stake's
///   receiver, in its token;
/// - only the operator returns it, always the whole rest and always to the staker, once;
/// - the staker can always leave: they give notice, and after the stake's notice period (at most
///   MAX_NOTICE, fixed when staking) they withdraw what is left. During the notice the operator can
///   still slash (what the stake backs is still owed) or return it; the server reads the notice as the
///   stake revoked. Before the notice ends nothing is withdrawn;
/// - a stake, once closed (returned, withdrawn or slashed to nothing), never moves again, and its id
///   is never reused.
///
/// What it does not: a fee-on-transfer token's stake is what actually arrived (the balance before and
/// after); tokens sent to it by mistake stay here; it accepts no ether.
contract KioskStake {
    /// The longest notice a stake may ask of its staker: they are never locked in for longer.
    uint64 public constant MAX_NOTICE = 90 days;

    struct Stake {
        address staker;
        /// When the staker may withdraw, once they gave notice; zero until then.
        uint64 withdrawableAt;
        address token;
        uint64 noticePeriod;
        address receiver;
        bool closed;
        address operator;
        /// What is still staked.
        uint256 amount;
    }

    mapping(bytes32 id => Stake) private _stakes;

    event Staked(
        bytes32 indexed id,
        address indexed staker,
        address indexed receiver,
        address token,
        address operator,
        uint256 amount,
        uint64 noticePeriod
    );
    /// `ref` is the server's own (Kiosk: keccak256 of the invoice the slash pays).
    event Slashed(bytes32 indexed id, bytes32 indexed ref, uint256 amount);
    event Returned(bytes32 indexed id, uint256 amount);
    event NoticeGiven(bytes32 indexed id, uint64 withdrawableAt);
    event Withdrawn(bytes32 indexed id, uint256 amount);

    error StakeExists(bytes32 id);
    error StakeNotFound(bytes32 id);
    error ZeroAddress();
    error NotAContract(address token);
    error ZeroAmount();
    error NoticeTooLong(uint64 noticePeriod, uint64 maximum);
    error NotOperator(bytes32 id, address caller);
    error NotStaker(bytes32 id, address caller);
    error Closed(bytes32 id);
    error AboveStaked(bytes32 id, uint256 amount, uint256 staked);
    error NoticeAlreadyGiven(bytes32 id, uint64 withdrawableAt);
    error NoticeNotGiven(bytes32 id);
    error NoticeRunning(bytes32 id, uint64 withdrawableAt);
    /// The token's transfer reverted (its own revert data) or answered false.
    error TransferFailed(address token, bytes reason);

    /// Signed by the staker, who approved `amount` of `token` to this contract first.
    function stake(
        bytes32 id,
        address token,
        address receiver,
        address operator,
        uint256 amount,
        uint64 noticePeriod
    ) external {
        if (_stakes[id].staker != address(0)) revert StakeExists(id);
        if (receiver == address(0) || operator == address(0)) revert ZeroAddress();
        if (token.code.length == 0) revert NotAContract(token);
        if (amount == 0) revert ZeroAmount();
        if (noticePeriod > MAX_NOTICE) revert NoticeTooLong(noticePeriod, MAX_NOTICE);
        // The id is taken before the one external call that moves tokens: a token calling back in
        // finds it used.
        _stakes[id] = Stake({
            staker: msg.sender,
            withdrawableAt: 0,
            token: token,
            noticePeriod: noticePeriod,
            receiver: receiver,
            closed: false,
            operator: operator,
            amount: 0
        });
        uint256 before = IERC20Balance(token).balanceOf(address(this));
        _call(token, abi.encodeWithSelector(IERC20Moves.transferFrom.selector, msg.sender, address(this), amount));
        uint256 arrived = IERC20Balance(token).balanceOf(address(this)) - before;
        if (arrived == 0) revert ZeroAmount();
        _stakes[id].amount = arrived;
        emit Staked(id, msg.sender, receiver, token, operator, arrived, noticePeriod);
    }

    /// Takes `amount` of the stake to its receiver (what the stake backs went unpaid).
    function slash(bytes32 id, uint256 amount, bytes32 ref) external {
        Stake storage held = _operated(id);
        if (amount == 0) revert ZeroAmount();
        if (amount > held.amount) revert AboveStaked(id, amount, held.amount);
        held.amount -= amount;
        if (held.amount == 0) held.closed = true;
        emit Slashed(id, ref, amount);
        _call(held.token, abi.encodeWithSelector(IERC20Moves.transfer.selector, held.receiver, amount));
    }

    /// Gives the whole rest back to the staker (what it backed ended), and closes the stake.
    function returnStake(bytes32 id) external {
        Stake storage held = _operated(id);
        uint256 amount = held.amount;
        held.amount = 0;
        held.closed = true;
        emit Returned(id, amount);
        _call(held.token, abi.encodeWithSelector(IERC20Moves.transfer.selector, held.staker, amount));
    }

    /// The staker's notice: after the stake's notice period they may withdraw what is left.
    function giveNotice(bytes32 id) external {
        Stake storage held = _staked(id);
        if (held.withdrawableAt != 0) revert NoticeAlreadyGiven(id, held.withdrawableAt);
        held.withdrawableAt = uint64(block.timestamp) + held.noticePeriod;
        emit NoticeGiven(id, held.withdrawableAt);
    }

    /// The staker takes what is left, once their notice has run.
    function withdraw(bytes32 id) external {
        Stake storage held = _staked(id);
        if (held.withdrawableAt == 0) revert NoticeNotGiven(id);
        if (block.timestamp < held.withdrawableAt) revert NoticeRunning(id, held.withdrawableAt);
        uint256 amount = held.amount;
        held.amount = 0;
        held.closed = true;
        emit Withdrawn(id, amount);
        _call(held.token, abi.encodeWithSelector(IERC20Moves.transfer.selector, held.staker, amount));
    }

    /// The stake as stored; a staker of address zero means no such id.
    function getStake(bytes32 id) external view returns (Stake memory) {
        return _stakes[id];
    }

    function _operated(bytes32 id) private view returns (Stake storage held) {
        held = _open(id);
        if (msg.sender != held.operator) revert NotOperator(id, msg.sender);
    }

    function _staked(bytes32 id) private view returns (Stake storage held) {
        held = _open(id);
        if (msg.sender != held.staker) revert NotStaker(id, msg.sender);
    }

    function _open(bytes32 id) private view returns (Stake storage held) {
        held = _stakes[id];
        if (held.staker == address(0)) revert StakeNotFound(id);
        if (held.closed) revert Closed(id);
    }

    /// A token call for every ERC-20 in use: those that answer true, those that answer nothing (USDT
    /// on Ethereum) and those that answer false instead of reverting.
    function _call(address token, bytes memory data) private {
        (bool success, bytes memory answer) = token.call(data);
        if (!success) revert TransferFailed(token, answer);
        if (answer.length != 0 && (answer.length != 32 || abi.decode(answer, (uint256)) != 1)) {
            revert TransferFailed(token, answer);
        }
    }
}

interface IERC20Balance {
    function balanceOf(address account) external view returns (uint256);
}

interface IERC20Moves {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
