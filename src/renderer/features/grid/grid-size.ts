// Fixed sizes (px) let the grid be windowed by arithmetic alone: no cell is measured.
export const ROW_H = 84;
export const COL_W = 260;
export const FIRST_W = 200;
export const HEAD_H = 72;
