/**
 * Who an anonymous donor is on the wire (seed 000 §6: a donation may be given without signing in): a
 * DID nobody can sign in as, which the donor's page names where a buyer's DID goes (the connect
 * `payment` action's sessionUserDid) and the server keeps as the session's buyer.
 */
export const ANONYMOUS_DONOR_DID = 'did:kiosk:anonymous';
