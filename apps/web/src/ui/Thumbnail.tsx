import styles from './Thumbnail.module.css';

/**
 * A product's picture in a list (an order's products, the wishlist): cropped to its square, and a
 * grey square where the product has none. `className` gives it its size.
 */
export function Thumbnail({ image, className }: { image: string | null; className?: string }) {
  return (
    <span className={[styles.thumb, className].filter(Boolean).join(' ')}>
      {image && <img src={image} alt="" loading="lazy" />}
    </span>
  );
}
