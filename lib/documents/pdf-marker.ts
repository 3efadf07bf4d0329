/**
 * What the product writes into every PDF it signs (Producer, and the name of its signature fields),
 * so a signed output is recognised and refused if someone tries to send it again.
 */
export const rubricaPdfMarker = "Rúbrica";
