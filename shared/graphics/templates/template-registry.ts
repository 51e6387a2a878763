import { type Design, type TemplateId } from '../design-schema';
import { type LayoutTree } from '../layout-tree';
import { type PlacementSizeId, placementSizes, type PlacementSize } from '../placement-sizes';
import { boldHeadline } from './bold-headline';
import { carouselCard } from './carousel-card';
import { eventDate } from './event-date';
import { featureList } from './feature-list';
import { offerBadge } from './offer-badge';
import { photoCaption } from './photo-caption';
import { productHero } from './product-hero';
import { testimonial } from './testimonial';

export interface TemplateDeclaration {
  id: TemplateId;
  label: string;
  description: string;
  /** Which texts the template shows, so the editor offers only those fields. */
  texts: readonly (keyof Design['texts'])[];
  /** Which image slots it uses. */
  images: readonly (keyof Design['images'])[];
  layout: (design: Design, size: PlacementSize) => LayoutTree;
}

export const templates: Record<TemplateId, TemplateDeclaration> = {
  'product-hero': {
    id: 'product-hero',
    label: 'Product hero',
    description: 'Your product large, headline and call to action.',
    texts: ['headline', 'body', 'cta'],
    images: ['product', 'logo'],
    layout: productHero,
  },
  'offer-badge': {
    id: 'offer-badge',
    label: 'Offer badge',
    description: 'A discount or offer in a bold badge.',
    texts: ['badge', 'headline', 'body', 'cta'],
    images: ['background', 'logo'],
    layout: offerBadge,
  },
  testimonial: {
    id: 'testimonial',
    label: 'Testimonial',
    description: 'A customer quote with who said it.',
    texts: ['quote', 'attribution', 'cta'],
    images: ['product', 'logo'],
    layout: testimonial,
  },
  'feature-list': {
    id: 'feature-list',
    label: 'Feature list',
    description: 'Headline and up to five benefits.',
    texts: ['headline', 'features', 'cta'],
    images: ['product', 'logo'],
    layout: featureList,
  },
  'bold-headline': {
    id: 'bold-headline',
    label: 'Bold headline',
    description: 'A big statement on your brand colour.',
    texts: ['headline', 'body', 'cta'],
    images: ['logo'],
    layout: boldHeadline,
  },
  'photo-caption': {
    id: 'photo-caption',
    label: 'Photo with caption bar',
    description: 'A full photo with a caption bar.',
    texts: ['caption', 'headline', 'cta'],
    images: ['background', 'logo'],
    layout: photoCaption,
  },
  'carousel-card': {
    id: 'carousel-card',
    label: 'Carousel card',
    description: 'A product card for carousel ads.',
    texts: ['headline', 'body', 'cta'],
    images: ['product', 'logo'],
    layout: carouselCard,
  },
  'event-date': {
    id: 'event-date',
    label: 'Event or date',
    description: 'Date, event name and place.',
    texts: ['eventDate', 'headline', 'eventPlace', 'body', 'cta'],
    images: ['background', 'logo'],
    layout: eventDate,
  },
};

/** The layout tree of a design at one size: what the renderer draws and the checks inspect. */
export function layoutDesign(design: Design, sizeId: PlacementSizeId): LayoutTree {
  return templates[design.templateId].layout(design, placementSizes[sizeId]);
}
