/** http_ece (web-push's encryption, RFC 8188): the tests decrypt pushes as a browser does. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface Params {
    version: 'aes128gcm' | 'aesgcm';
    privateKey?: ECDH;
    dh?: string | Buffer;
    authSecret?: Buffer;
    keyid?: string;
  }
  const ece: {
    decrypt(buffer: Buffer, params: Params): Buffer;
    encrypt(buffer: Buffer, params: Params): Buffer;
  };
  export default ece;
}
