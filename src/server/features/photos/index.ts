// What other features may use of photos: they import it from here, never from its files (biome.json).

export { avatarUrl, photoFileKey, removePhotoFiles, toPhoto } from './photos.service.ts'
