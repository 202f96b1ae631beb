/**
 * The company's identity: the one place to change it. The specification never names the
 * company, so these are placeholders for the owners to replace. The legal name appears in the
 * consent texts and the policy documents; `.example` addresses are reserved and never deliver.
 */
export const BRAND = {
  name: 'Atlanta Home Cleaning',
  legalName: 'Atlanta Home Cleaning LLC',
  tagline: 'Home & Office Cleaning in Metro Atlanta',
  email: 'hello@atlantahomecleaning.example',
  established: 2025,
  region: 'the Atlanta, Georgia metro area',
  social: {
    /** The image-sharing network of the footer (spec §1). */
    imageSharing: { label: 'Instagram', url: 'https://www.instagram.com/' },
    /** The social network of the footer. */
    socialNetwork: { label: 'Facebook', url: 'https://www.facebook.com/' },
  },
  designerCredit: { label: 'Site design by the Atlanta Home Cleaning team', url: null },
  stockImages: { site: 'Unsplash', licence: 'Unsplash License' },
  // Demo values (a fictional 555-01xx number; statements to confirm): replace before launch.
  /** E.164; pages show it as (404) 555-0100 with a tel: link. */
  phone: '+14045550100',
  hours: 'Monday to Saturday, 8 AM to 6 PM',
  /** What a visitor may rely on, shown beside the booking form. */
  trust: [
    'Licensed and insured for every home we clean.',
    'Bonded, so your home and belongings are covered.',
    'Every cleaner is background-checked before the first visit.',
    'Satisfaction guarantee: tell us within 24 hours and we come back to fix it at no charge.',
  ],
} as const;

export type Brand = typeof BRAND;
