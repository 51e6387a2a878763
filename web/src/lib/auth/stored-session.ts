/**
 * Whether Amplify left a signed-in session in this browser, read without loading Amplify:
 * its token store keys are `CognitoIdentityServiceProvider.<clientId>.LastAuthUser`.
 * Only a hint: the auth runtime then checks the session for real.
 */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'>): boolean {
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // Storage can throw (privacy modes); without it there is no stored session either.
  }
  return false;
}
