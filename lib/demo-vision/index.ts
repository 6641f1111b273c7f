// lib/demo-vision: what the demo models see in a picture, with models shipped inside npm packages (no network).
export { type ColourShare, colourShares, nameOf } from "./colours";
export { detectObjects, type SeenObject } from "./objects";
export { type Drawing, findShapes, type SeenShape, type ShapeKind } from "./shapes";
export { CONFIDENT, lookAt, type SeenThing, type Sight, whereIs } from "./sight";
export { readText, stopReadingText } from "./text";
