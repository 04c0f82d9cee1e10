import * as ecc from '@bitcoinerlab/secp256k1';
import { crypto, payments, script as bscript, type Transaction, type TxOutput } from 'bitcoinjs-lib';

/**
 * Why an input's script fails, in Bitcoin Core's words: `mandatory` when consensus refuses it (no
 * block could hold it), otherwise a policy (standardness) failure a node only refuses to relay.
 */
export interface ScriptFailure {
  mandatory: boolean;
  error: string;
}

const HALF_ORDER = BigInt('0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0');

/**
 * Verifies a P2WPKH input as Core's interpreter does (BIP141/143): empty scriptSig, a witness of
 * [signature, compressed key], the key hashing to the program, a strict-DER low-S signature over the
 * BIP143 digest of the spent amount. The prevout must be a P2WPKH output. Answers undefined when it
 * verifies.
 */
export function verifyP2wpkhInput(
  tx: Transaction,
  index: number,
  prevout: TxOutput,
): ScriptFailure | undefined {
  const input = tx.ins[index];
  if (!input) throw new RangeError(`no input ${index}`);
  if (input.script.length > 0) return { mandatory: true, error: 'Witness requires empty scriptSig' };
  if (input.witness.length === 0) {
    return { mandatory: true, error: 'Witness program was passed an empty witness' };
  }
  if (input.witness.length !== 2) return { mandatory: true, error: 'Witness program hash mismatch' };
  const [signature, pubkey] = input.witness as [Uint8Array, Uint8Array];
  const program = prevout.script.subarray(2);
  if (Buffer.compare(crypto.hash160(pubkey), program) !== 0) {
    return { mandatory: true, error: 'Script failed an OP_EQUALVERIFY operation' };
  }
  const encoding = checkEncoding(signature, pubkey);
  if (encoding) return encoding;
  if (signature.length === 0) {
    return {
      mandatory: true,
      error: 'Script evaluated without error but finished with a false/empty top stack element',
    };
  }
  const decoded = bscript.signature.decode(signature);
  // BIP143: a P2WPKH input signs the P2PKH script of its key hash as its script code.
  const scriptCode = payments.p2pkh({ hash: program }).output as Uint8Array;
  const digest = tx.hashForWitnessV0(index, scriptCode, prevout.value, decoded.hashType);
  if (!ecc.verify(digest, pubkey, decoded.signature)) {
    return { mandatory: true, error: 'Signature must be zero for failed CHECK(MULTI)SIG operation' };
  }
  return undefined;
}

/** Core's CheckSignatureEncoding and CheckPubKeyEncoding under the standard flags. */
function checkEncoding(signature: Uint8Array, pubkey: Uint8Array): ScriptFailure | undefined {
  if (signature.length > 0 && !bscript.isCanonicalScriptSignature(signature)) {
    // BIP66's strict DER is consensus; an undefined hash type is policy.
    return bscript.isDefinedHashType(signature[signature.length - 1] as number)
      ? { mandatory: true, error: 'Non-canonical DER signature' }
      : { mandatory: false, error: 'Signature hash type missing or not understood' };
  }
  if (signature.length > 0) {
    const { signature: rs } = bscript.signature.decode(signature);
    if (BigInt('0x' + Buffer.from(rs.subarray(32)).toString('hex')) > HALF_ORDER) {
      return { mandatory: false, error: 'Non-canonical signature: S value is unnecessarily high' };
    }
  }
  if (pubkey.length !== 33 || (pubkey[0] !== 2 && pubkey[0] !== 3)) {
    return { mandatory: false, error: 'Using non-compressed keys in segwit' };
  }
  return undefined;
}
