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
} as const;

export type Brand = typeof BRAND;
