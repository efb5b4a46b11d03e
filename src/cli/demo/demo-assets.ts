import { devAvatar3d, renderDevAvatar } from '../../dev-providers/dev-thumbnails.art';
import { sharp } from '../../images/sharp';

/** What a character's owner uploads before submitting: the game platform's art, a model, a signature. */
export interface CharacterAssets {
  files: Record<string, Buffer>;
  /** The `avatar3D` text field: camera and bounding box of the model. */
  avatar3D: string;
}

/** The development thumbnail service's figures for `platformUserId`, as a player would upload them. */
export async function assetsFor(platformUserId: string, signedName: string): Promise<CharacterAssets> {
  const { camera, aabb } = devAvatar3d(platformUserId);
  return {
    files: {
      avatar: await renderDevAvatar(platformUserId, 'avatar-bust', 420),
      fullBody: await renderDevAvatar(platformUserId, 'avatar', 720),
      avatar3dGlb: glbModel(platformUserId),
      signature: await signaturePng(signedName),
    },
    avatar3D: JSON.stringify({ camera, aabb }),
  };
}

/** A handwritten-looking signature: the name in italic script on a transparent strip. */
function signaturePng(name: string): Promise<Buffer> {
  const text = name.replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="90">
  <text x="12" y="60" font-family="DejaVu Serif" font-style="italic" font-size="38" fill="#1a2a6c">${text}</text>
  <path d="M12 72 Q180 88 340 66" stroke="#1a2a6c" stroke-width="2" fill="none"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A glTF 2.0 binary holding one named empty scene: enough for the upload's checks. */
function glbModel(platformUserId: string): Buffer {
  const json = padded(Buffer.from(JSON.stringify({ asset: { version: '2.0', generator: 'demo' }, scenes: [{ name: `avatar-${platformUserId}` }] })), 0x20);
  const bin = Buffer.alloc(4);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length + 8 + bin.length, 8);
  return Buffer.concat([header, chunkHeader(json.length, 0x4e4f534a), json, chunkHeader(bin.length, 0x004e4942), bin]);
}

function chunkHeader(length: number, type: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32LE(length, 0);
  header.writeUInt32LE(type, 4);
  return header;
}

function padded(bytes: Buffer, fill: number): Buffer {
  return Buffer.concat([bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4, fill)]);
}
