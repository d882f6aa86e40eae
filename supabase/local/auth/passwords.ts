import bcrypt from 'bcryptjs';
import { AuthError, validationFailed } from './http.ts';

/** GoTrue's bcrypt cost. */
export const BCRYPT_COST = 10;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords rather than truncating them. */
export const MAX_PASSWORD_BYTES = 72;

/**
 * Compared against when the e-mail is unknown, so that a wrong address costs one bcrypt
 * comparison just like a wrong password: same answer, same timing class.
 */
const DUMMY_HASH = bcrypt.hashSync('local-stack-dummy-password', BCRYPT_COST);

/** GoTrue's checkPasswordStrength (length only; no character classes configured locally). */
export function checkPassword(password: string, minLength: number): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (Buffer.byteLength(password, 'utf8') < minLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${minLength} characters.`, ['length']);
  }
}

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

/** Always runs exactly one bcrypt comparison, whether or not there is a hash to compare with. */
export async function comparePassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const tooLong = Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
  const ok = await bcrypt.compare(password, hash && hash.startsWith('$2') ? hash : DUMMY_HASH);
  return ok && !!hash && !tooLong;
}
