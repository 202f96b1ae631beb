/**
 * A first HubSpot object id no other emulator in this test run uses: each test file starts its
 * emulator in its own range of ids, as one real account never hands out an id twice.
 */
export function uniqueFirstObjectId(): number {
  return 1_000_000 + Math.floor(Math.random() * 9_000) * 100_000;
}
