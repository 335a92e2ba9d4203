//! Fixtures for ads.
import type { Ad } from '@/features/ads/types';

export function anAd(overrides: Partial<Ad> = {}): Ad {
  return {
    id: 41,
    title: 'Brush Pack Pro',
    description: '120 hand-made brushes for digital painters',
    imageUrl: '/media/ad-brushes.jpg',
    targetUrl: 'https://brushes.example.com/pro',
    advertiserName: 'Inkwell Studio',
    category: 'banner',
    ...overrides,
  };
}
