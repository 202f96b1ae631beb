// The modules web/vite-plugin-imagery.ts generates from the imagery folder: the images by slot,
// and apart from them the credits the footer of every page needs.
// An ambient module cannot import a relative one, so the types come in as import() types.
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare module 'virtual:images' {
  const slots: import('./imagery').Imagery['slots'];
  export default slots;
}
declare module 'virtual:image-credits' {
  const credits: import('./imagery').Imagery['credits'];
  export default credits;
}
declare module 'virtual:share-cards' {
  /** Each slot's share card (link previews). */
  const cards: Record<import('./imagery').ImageSlot, import('./imagery').ShareCard>;
  export default cards;
}
