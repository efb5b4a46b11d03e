/** A file that is not what its field requires; the message says why, for the `details` of a 400. */
export class ImageRejected extends Error {}
