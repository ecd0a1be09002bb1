//! DataFusion scalar functions over pegurl-arrow (being written).
