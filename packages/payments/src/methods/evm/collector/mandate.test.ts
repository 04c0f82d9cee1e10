import { decodeFunctionData, erc20Abi, getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { kioskCollectorAbi } from './collector-abi.ts';
import { lifetimeAllowance, mandateAuthorization, mandateIdOf, type MandateTerms } from './mandate.ts';

const COLLECTOR = getAddress('0x00000000000000000000000000000000000000c0');
const terms: MandateTerms = {
  token: getAddress('0x00000000000000000000000000000000000000aa'),
  receiver: getAddress('0x00000000000000000000000000000000000000bb'),
  collector: getAddress('0x00000000000000000000000000000000000000cc'),
  maxPerCycle: 100n,
  cycleSeconds: 10n,
  startsAt: 1_000n,
  expiresAt: 1_035n,
};
const id = mandateIdOf('sub_1');

/** Each wallet call as `function(args)` against the contract it goes to. */
function described(calls: ReturnType<typeof mandateAuthorization>) {
  return calls.map(({ to, data }) => {
    const abi = to === terms.token ? erc20Abi : kioskCollectorAbi;
    const { functionName, args } = decodeFunctionData({ abi, data });
    return { to, functionName, args };
  });
}

describe('the mandate a customer signs', () => {
  it('allows by default what the mandate can take in its life: the maximum for every cycle begun', () => {
    // Cycles begin at 1000, 1010, 1020 and 1030: four, the last cut short by the expiry at 1035.
    expect(lifetimeAllowance(terms)).toBe(400n);
    expect(lifetimeAllowance({ ...terms, expiresAt: 1_030n })).toBe(300n);
  });

  it('approves, then creates the mandate, with the terms as given', () => {
    expect(described(mandateAuthorization({ collectorContract: COLLECTOR, id, terms }))).toEqual([
      { to: terms.token, functionName: 'approve', args: [COLLECTOR, 400n] },
      {
        to: COLLECTOR,
        functionName: 'createMandate',
        args: [id, terms.token, terms.receiver, terms.collector, 100n, 10n, 1_000n, 1_035n],
      },
    ]);
  });

  it('resets a non-zero allowance to zero first, and skips an approval that is already right', () => {
    const calls = (currentAllowance: bigint) =>
      described(
        mandateAuthorization({ collectorContract: COLLECTOR, id, terms, allowance: 50n, currentAllowance }),
      ).map((call) => `${call.functionName}(${call.functionName === 'approve' ? call.args[1] : ''})`);
    expect(calls(0n)).toEqual(['approve(50)', 'createMandate()']);
    expect(calls(7n)).toEqual(['approve(0)', 'approve(50)', 'createMandate()']);
    expect(calls(50n)).toEqual(['createMandate()']);
  });

  it("names a subscription's mandate by a hash of its id", () => {
    expect(mandateIdOf('sub_1')).toBe(id);
    expect(mandateIdOf('sub_2')).not.toBe(id);
    expect(id).toMatch(/^0x[0-9a-f]{64}$/);
  });
});
