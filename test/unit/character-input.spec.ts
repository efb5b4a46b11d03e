import { avatar3dProblem, parseAvatar3d } from '../../src/characters/avatar3d';
import { isBirthDate, isoDatePart } from '../../src/characters/birth-date';
import { findNationality, NATIONALITIES } from '../../src/characters/nationalities';

const AVATAR_3D = {
  camera: { position: { x: 0, y: 1.5, z: -3 }, direction: { x: 0, y: 0, z: 1 }, fov: 70 },
  aabb: { min: { x: -1, y: 0, z: -0.5 }, max: { x: 1, y: 2, z: 0.5 } },
};

describe('avatar3D', () => {
  it('accepts exactly the contract structure', () => {
    expect(avatar3dProblem(JSON.stringify(AVATAR_3D))).toBeUndefined();
    expect(parseAvatar3d(JSON.stringify(AVATAR_3D))).toEqual(AVATAR_3D);
  });

  it.each([
    ['not JSON', '{camera', 'must be a JSON string'],
    ['an array', '[]', 'expected object'],
    ['a missing aabb', JSON.stringify({ camera: AVATAR_3D.camera }), 'aabb: '],
    ['an extra top-level key', JSON.stringify({ ...AVATAR_3D, extra: 1 }), '"extra"'],
    ['an extra vector key', JSON.stringify({ ...AVATAR_3D, aabb: { ...AVATAR_3D.aabb, max: { x: 1, y: 1, z: 1, w: 1 } } }), 'aabb.max: Unrecognized key: "w"'],
    ['an inherited name as key', JSON.stringify({ ...AVATAR_3D, toString: 1 }), '"toString"'],
    ['__proto__ as key', JSON.stringify(AVATAR_3D).replace('"fov":70', '"fov":70,"__proto__":{"x":1}'), 'must not hold a "__proto__" key'],
    ['a string number', JSON.stringify({ ...AVATAR_3D, camera: { ...AVATAR_3D.camera, fov: '70' } }), 'camera.fov: '],
    ['an infinite number', JSON.stringify(AVATAR_3D).replace('"z":-3', '"z":-1e999'), 'camera.position.z: '],
    ['a null vector', JSON.stringify({ ...AVATAR_3D, camera: { ...AVATAR_3D.camera, direction: null } }), 'camera.direction: '],
    ['a zero fov', JSON.stringify({ ...AVATAR_3D, camera: { ...AVATAR_3D.camera, fov: 0 } }), 'camera.fov: '],
    ['a fov of 180', JSON.stringify({ ...AVATAR_3D, camera: { ...AVATAR_3D.camera, fov: 180 } }), 'camera.fov: '],
  ])('refuses %s', (_, text, problem) => {
    expect(avatar3dProblem(text)).toContain(problem);
    expect(() => parseAvatar3d(text)).toThrow();
  });
});

describe('birth dates', () => {
  const today = new Date('2025-06-15T12:00:00Z');

  it.each(['1900-01-01', '2000-02-29', '2025-06-15', '1995-12-31'])('accepts %s', (date) => {
    expect(isBirthDate(date, today)).toBe(true);
  });

  it.each(['1899-12-31', '2023-02-29', '2023-02-30', '2025-06-16', '2023-13-01', '2023-00-10', '95-01-01', '2023-1-1', ''])(
    'refuses %s',
    (date) => {
      expect(isBirthDate(date, today)).toBe(false);
    },
  );

  it('takes the date part of a full ISO timestamp as written', () => {
    expect(isoDatePart('1990-01-31T23:30:00-05:00')).toBe('1990-01-31');
    expect(isoDatePart('1990-01-31T23:30:00.123Z')).toBe('1990-01-31');
    expect(isoDatePart('1990-01-31T23:30')).toBe('1990-01-31');
    expect(isoDatePart('1990-01-31')).toBe('1990-01-31');
    expect(isoDatePart('1990-01-31T24:00:00Z')).toBeUndefined();
    expect(isoDatePart('1990-01-31 10:00')).toBeUndefined();
    expect(isoDatePart(19900131)).toBeUndefined();
  });
});

describe('nationalities', () => {
  it('finds a nationality by its name, ignoring case and accents, or by its code', () => {
    const spanish = { nombre: 'Español', abrev: 'ESP', lugar: 'España' };
    expect(findNationality('ESPAÑOL')).toEqual(spanish);
    expect(findNationality(' espanol ')).toEqual(spanish);
    expect(findNationality('esp')).toEqual(spanish);
    expect(findNationality('Narniano')).toBeUndefined();
  });

  it('lists every entry once by code, with trimmed names', () => {
    const codes = NATIONALITIES.map((nationality) => nationality.abrev);
    expect(new Set(codes).size).toBe(codes.length);
    for (const nationality of NATIONALITIES) {
      expect(nationality.nombre).toBe(nationality.nombre.trim());
      expect(nationality.abrev).toMatch(/^[A-Z]{3}$/);
    }
  });
});
